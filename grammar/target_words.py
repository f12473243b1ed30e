"""The words of a span not understood, read for its targets by
grammar/target_words.lark: where each word "target" is, the starts of the
counts before it (115.1d) and the word ends where a target phrase may end."""

from dataclasses import dataclass
from functools import lru_cache

from lark import Lark, Token, Tree

from .lexing import open_grammar, parse_or_none

# the tokens a target phrase may end before (the span's end too)
_ENDINGS = frozenset(["ENDING", "TO", "EACH", "PUNCT"])
# the words a target phrase is read to at most, from its word "target" on
_MOST_WORDS = 15


@lru_cache(maxsize=1)
def _parser() -> Lark:
    """The parser of target_words.lark; every token kept, as the driver counts words."""
    return open_grammar("target_words.lark", "span", keep_all_tokens=True)


def _first_token(node):
    while isinstance(node, Tree):
        node = node.children[0]
    return node


def _tokens(node):
    """The tokens of a tree, in order."""
    if isinstance(node, Token):
        yield node
    else:
        for child in node.children:
            yield from _tokens(child)


@dataclass(frozen=True)
class TargetWords:
    tokens: tuple       # the span's tokens, in order
    targets: tuple      # (index of a word "target" in tokens, the starts to read it from, in order)

    def ends_after(self, at):
        """The ends of the words from tokens[at] on (at most _MOST_WORDS)
        that a target phrase may end at, the last first."""
        words = [k for k in range(at, len(self.tokens)) if self.tokens[k].type != "PUNCT"][:_MOST_WORDS]
        return [self.tokens[k].end_pos for k in reversed(words)
                if k + 1 == len(self.tokens) or self.tokens[k + 1].type in _ENDINGS]


@lru_cache(maxsize=1 << 12)
def target_words(span) -> TargetWords:
    """The span read by target_words.lark: a target's count (the child before
    its word "target") gives the starts of it and of each count inside it,
    the outermost first ("up to two" then "two"); a target with no count
    is read from its word "target"."""
    tokens, targets = [], []
    for child in parse_or_none(_parser(), span, "span").children:
        tokens.extend(_tokens(child))
        if isinstance(child, Tree) and child.data == "target":
            *count, word = child.children
            counts = count[0].iter_subtrees_topdown() if count and isinstance(count[0], Tree) else count or [word]
            targets.append((len(tokens) - 1, tuple(dict.fromkeys(_first_token(c).start_pos for c in counts))))
    return TargetWords(tuple(tokens), tuple(targets))
