"""A signal whose handler runs where Python drops its exception, for the tests of lost stops (test_signals.py,
test_batch.py): the source of `signal_in_a_callback(signum)`, put into the scripts those tests run."""

SIGNAL_IN_A_CALLBACK = """
def signal_in_a_callback(signum):
    # The handler runs inside a weak reference's callback, where Python prints an exception and drops it.
    import os, weakref

    class Thing:
        pass

    def callback(ref):
        os.kill(os.getpid(), signum)
        for _ in range(1000):
            pass

    thing = Thing()
    ref = weakref.ref(thing, callback)
    del thing
"""
