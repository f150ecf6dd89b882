"""Words read back from a PDF page (pdfplumber's extract_words) grouped into the lines they were set on."""
from __future__ import annotations


def rows_of(words: list[dict], tolerance: float = 2.0) -> list[list[dict]]:
    """Group words into lines by their top, top to bottom, each line left to right."""
    rows: list[list[dict]] = []
    for word in sorted(words, key=lambda w: (round(w["top"]), w["x0"])):
        if rows and abs(rows[-1][0]["top"] - word["top"]) <= tolerance:
            rows[-1].append(word)
        else:
            rows.append([word])
    return [sorted(row, key=lambda w: w["x0"]) for row in rows]
