"""Search tokens (mrgraph.text): the cached word -> token table gives what stemming each word
gives, whatever was met before."""

from __future__ import annotations

import random
import string
import sys
import threading

from mrgraph.text import STOPWORDS, stem, tokenize, word_tokens, words


def _by_stem(text: str) -> list[str]:
    return [stem(w) for w in words(text) if w not in STOPWORDS and len(w) > 1 or w.isdigit()]


def test_tokenize_is_stemming_each_kept_word() -> None:
    rng = random.Random(3)
    alphabet = string.ascii_letters + string.digits + " .,'-"
    texts = ["We queued at the cheese market on Sunday, it was so crowded!",
             "The kids painted 2 pictures; children love painting.", "a b 7 I x 42", ""]
    texts += ["".join(rng.choice(alphabet) for _ in range(60)) for _ in range(500)]
    for _ in range(2):  # the table cold, then warm
        assert [tokenize(t) for t in texts] == [_by_stem(t) for t in texts]


def test_word_tokens_says_none_for_words_without_a_token() -> None:
    assert word_tokens(["the", "a", "7", "went", "paintings"]) == [
        None, None, "7", stem("went"), stem("paintings")]
    assert word_tokens(iter(["went"])) == [stem("went")]  # any iterable of words


def test_word_tokens_is_right_while_another_thread_clears_the_table() -> None:
    # a server tokenises on several threads; the table is cleared when it grows too big
    import mrgraph.text as text_module
    rng = random.Random(5)
    batches = [["".join(rng.choice(string.ascii_lowercase) for _ in range(7)) for _ in range(40)]
               for _ in range(2000)]
    stop, failures = threading.Event(), []

    def clear() -> None:
        while not stop.is_set():
            text_module._TOKEN_OF.clear()

    def tokens() -> None:
        try:
            for batch in batches:
                assert word_tokens(batch) == [stem(w) for w in batch]
        except (KeyError, AssertionError) as error:  # what a reader thread would have raised
            failures.append(error)

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # hand the GIL over often, as a busy server does
    try:
        clearer, reader = threading.Thread(target=clear), threading.Thread(target=tokens)
        clearer.start(), reader.start()
        reader.join()
        stop.set()
        clearer.join()
    finally:
        sys.setswitchinterval(switch)
    assert failures == []
