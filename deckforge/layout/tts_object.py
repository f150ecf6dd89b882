"""The saved object Tabletop Simulator reads from its Saved Objects folder: one DeckCustom holding every card.

The keys are those TTS itself writes when it saves a custom deck (TTS's Knowledge Base, "Save File Format"),
so the file loads like one saved in the game. GUIDs are derived from the deck, not random: the same build writes
the same file.
"""
from __future__ import annotations

import hashlib

from .build import Job

FACE_DOWN = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
             "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}


def saved_object(job: Job, sheets: list[tuple[str, int, int]], back_url: str, card_ids: list[int]) -> dict:
    """Return the saved object for (face URL, columns, rows) sheets and one CardID per physical card."""
    custom = {str(n): {"FaceURL": url, "BackURL": back_url, "NumWidth": columns, "NumHeight": rows,
                       "BackIsHidden": True, "UniqueBack": False, "Type": 0}
              for n, (url, columns, rows) in enumerate(sheets, start=1)}
    cards = job.deck.for_players(job.players)
    assert len(cards) == len(card_ids)
    contained = [_card(job, card, card_id, custom, n) for n, (card, card_id) in enumerate(zip(cards, card_ids))]
    deck = {**_common(job, "DeckCustom", -1), "Nickname": job.deck.name(job.lang), "Description": "",
            "HideWhenFaceDown": True, "Hands": False, "SidewaysCard": False,
            "DeckIDs": card_ids, "CustomDeck": custom, "ContainedObjects": contained}
    return {"SaveName": "", "GameMode": "", "Date": "", "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5,
            "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "TabStates": {}, "ObjectStates": [deck]}


def _card(job: Job, card, card_id: int, custom: dict, n: int) -> dict:
    sheet = str(card_id // 100)
    return {**_common(job, "Card", n), "Nickname": card.name(job.lang), "Description": card.text(job.lang),
            "CardID": card_id, "Hands": True, "SidewaysCard": False, "CustomDeck": {sheet: custom[sheet]}}


def _common(job: Job, name: str, n: int) -> dict:
    """Return the keys every TTS object carries, with a GUID fixed by the deck, its language and the position."""
    seed = f"{job.deck.id}/{job.players}/{job.lang}/{n}".encode()
    return {"GUID": hashlib.sha1(seed).hexdigest()[:6], "Name": name, "Transform": dict(FACE_DOWN),
            "GMNotes": "", "ColorDiffuse": dict(GREY), "Locked": False, "Grid": True, "Snap": True,
            "IgnoreFoW": False, "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
            "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}
