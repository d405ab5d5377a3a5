"""Embedders: the deterministic HashEmbedder / ScriptedEmbedder, and OpenAIEmbedder end to end
through the real openai client against the local fake endpoint."""

from __future__ import annotations

import logging
import math
import random
import traceback

import pytest

from mrgraph.errors import LLMConfigError, LLMError
from mrgraph.llm import (
    Embedder,
    HashEmbedder,
    OpenAIEmbedder,
    ScriptedEmbedder,
    TokenLedger,
    count_tokens,
    make_embedder,
)
from tests.fakes.openai_server import FakeOpenAIServer, FakeResponse, embeddings_body, error_body

API_KEY = "sk-test-SECRET-embed-1c2d3e4f5a6b7c8d"


def cosine(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return sum(x * y for x, y in zip(a, b)) / (math.hypot(*a) * math.hypot(*b))


class Sleeps(list[float]):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def embedder(fake: FakeOpenAIServer, sleeps: Sleeps, **kwargs: object) -> OpenAIEmbedder:
    options: dict[str, object] = {"timeout": 5.0, "ledger": TokenLedger()}
    options.update(kwargs)
    return OpenAIEmbedder("fake-embedding", API_KEY, fake.base_url, sleep=sleeps,
                          rng=random.Random(0), **options)  # type: ignore[arg-type]


# ------------------------------------------------------------------ HashEmbedder


def test_hash_embedder_is_deterministic_and_normalised() -> None:
    first = HashEmbedder().embed(["Maya adopted a dog named Waffle"])[0]
    again = HashEmbedder().embed(["Maya adopted a dog named Waffle"])[0]
    assert first == again and len(first) == 64
    assert math.isclose(math.hypot(*first), 1.0)


def test_hash_embedder_maps_shared_words_to_similar_vectors() -> None:
    dog, dogs, tax = HashEmbedder(256).embed(["Maya adopted a dog named Waffle",
                                               "Maya's dogs: Waffle was adopted",
                                               "quarterly tax return filed late"])
    assert cosine(dog, dogs) > 0.85  # 4 of 5 stems shared ("named" is not)
    assert abs(cosine(dog, tax)) < 0.3


def test_hash_embedder_records_usage_and_handles_empty_text() -> None:
    ledger = TokenLedger()
    vectors = HashEmbedder(8, ledger).embed(["", "hello world"], purpose="embed")
    assert vectors[0] == (0.0,) * 8
    totals = ledger.totals().by_purpose["embed"]
    assert totals.prompt_tokens == count_tokens("hello world") and totals.calls == 1


def test_embedders_satisfy_the_protocol() -> None:
    scripted = ScriptedEmbedder({"a": (1.0, 0.0)})
    assert isinstance(HashEmbedder(), Embedder) and isinstance(scripted, Embedder)
    assert scripted.dimensions == 2 and scripted.embed(["a"]) == [(1.0, 0.0)]
    with pytest.raises(KeyError, match="'b'"):
        scripted.embed(["b"])


def test_make_embedder_by_kind() -> None:
    assert make_embedder("none") is None
    built = make_embedder("openai", api_key=API_KEY, model="m")
    assert isinstance(built, OpenAIEmbedder) and built.name == "openai:m"
    assert API_KEY not in repr(built)
    with pytest.raises(LLMConfigError, match="unknown embedder"):
        make_embedder("word2vec")
    with pytest.raises(LLMConfigError, match="OPENAI_API_KEY"):
        make_embedder("openai")


# ------------------------------------------------------------------ OpenAIEmbedder


def test_batches_inputs_and_keeps_their_order(fake_openai: FakeOpenAIServer) -> None:
    fake_openai.enqueue(FakeResponse({**embeddings_body([(1.0, 0.0), (0.0, 1.0)], usage=7),
                                      "data": [{"object": "embedding", "index": 1,
                                                "embedding": [0.0, 1.0]},
                                               {"object": "embedding", "index": 0,
                                                "embedding": [1.0, 0.0]}]}),
                        FakeResponse(embeddings_body([(0.5, 0.5)], usage=3)))
    client = embedder(fake_openai, Sleeps(), batch_size=2)
    assert client.dimensions is None
    vectors = client.embed(["first text", "second text", "third"])
    assert vectors == [(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)]  # the server's index decides
    assert client.dimensions == 2
    inputs = [r.body["input"] for r in fake_openai.embedding_requests]
    assert inputs == [["first text", "second text"], ["third"]]
    assert fake_openai.requests[0].body["model"] == "fake-embedding"
    totals = client.ledger.totals().by_purpose["embed"]  # type: ignore[union-attr]
    assert (totals.prompt_tokens, totals.completion_tokens, totals.calls) == (10, 0, 2)


def test_usage_falls_back_to_tiktoken_and_dimensions_are_sent(
        fake_openai: FakeOpenAIServer) -> None:
    fake_openai.enqueue(FakeResponse(embeddings_body([(1.0, 0.0, 0.0)])))
    client = embedder(fake_openai, Sleeps(), dimensions=3)
    client.embed(["how many tokens is this"], purpose="question")
    assert fake_openai.requests[0].body["dimensions"] == 3
    totals = client.ledger.totals().by_purpose["question"]  # type: ignore[union-attr]
    assert totals.prompt_tokens == count_tokens("how many tokens is this")


def test_429_is_retried_after_the_asked_delay(fake_openai: FakeOpenAIServer) -> None:
    sleeps = Sleeps()
    fake_openai.enqueue(FakeResponse(error_body("slow down"), 429, {"Retry-After": "2"}),
                        FakeResponse(embeddings_body([(1.0,)], usage=1)))
    assert embedder(fake_openai, sleeps).embed(["x"]) == [(1.0,)]
    assert sleeps == [2.0] and len(fake_openai.requests) == 2


def test_a_wrong_count_of_vectors_is_an_error(fake_openai: FakeOpenAIServer) -> None:
    fake_openai.enqueue(FakeResponse(embeddings_body([(1.0,)])))
    with pytest.raises(LLMError, match="1 vectors for 2 texts"):
        embedder(fake_openai, Sleeps()).embed(["a", "b"])


def test_api_key_never_leaks(fake_openai: FakeOpenAIServer,
                             caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    fake_openai.enqueue(FakeResponse(error_body(f"busy for {API_KEY}"), 503),
                        FakeResponse(error_body(f"Incorrect API key provided: {API_KEY}"), 400),
                        FakeResponse(error_body("nope"), 401))
    client = embedder(fake_openai, Sleeps(), max_retries=1)
    errors = []
    for _ in range(2):
        with pytest.raises((LLMError, LLMConfigError)) as caught:
            client.embed(["text"])
        errors.append(caught.value)
    assert fake_openai.requests[0].headers["authorization"] == f"Bearer {API_KEY}"
    assert "***" in str(errors[0]) and isinstance(errors[1], LLMConfigError)
    texts = [repr(client), str(client), repr(vars(client)), caplog.text]
    texts += [str(e) for e in errors] + ["".join(traceback.format_exception(e)) for e in errors]
    assert all(API_KEY not in t for t in texts)
