"""lark's contextual lexer, with the same tokens for less work.

The grammar of grammar/*.lark is read one short piece at a time, and most
of lark's time goes to its lexer: for each token it matches the whitespace
as a token of its own, keeps line and column counts, builds the token with
every position, and tells a keyword from a WORD by matching the word again
against a regular expression of the keywords. Here the whitespace is skipped
with one match (no terminal of the grammar begins with whitespace: %ignore
/\\s+/ would take it first), a keyword is a dictionary look-up (the
keywords are plain strings: a WORD is one exactly when it equals it), and
lines are not counted (the transformers read only character offsets). The
terminals, their order and the regular expressions that choose among them
are lark's own. A piece that does not lex raises lark's error as before; the
contextual lexer's second try of the whole grammar's terminals, which only
improves the message, is left out: the driver only asks whether it parsed.
"""

import re
from pathlib import Path

from lark import Lark
from lark.lexer import BasicLexer, ContextualLexer, PatternStr, Token, UnlessCallback, _create_unless
from lark.parsers.lalr_analysis import Shift

from . import cache

_SPACE = re.compile(r"\s+")
_END = object()  # token_at: the end of the text
_new_token = Token._future_new


class FastBasicLexer(BasicLexer):
    """One parser state's lexer (lark's BasicLexer, its scanner unchanged)."""

    _keywords = None   # regex terminal -> {keyword string: keyword terminal}
    _others = None     # the callbacks that are no keyword look-up

    def _split_callbacks(self):
        # lark's terminals and callbacks as its scanner has them, without
        # compiling its scanner's patterns: only the spaced ones below are
        # matched (a state's patterns are large: compiling both cost about
        # half a second of every process that parses)
        terminals, self.callback = _create_unless(self.terminals, self.g_regex_flags, self.re, self.use_bytes)
        keywords, others = {}, {}
        for type_, callback in self.callback.items():
            terms = callback.scanner.terminals if isinstance(callback, UnlessCallback) else None
            if terms is not None and all(isinstance(t.pattern, PatternStr) and not t.pattern.flags
                                         for t in terms):
                table = {}
                for t in terms:  # the first of equal strings, as lark's scanner
                    table.setdefault(t.pattern.value, t.name)
                keywords[type_] = table
            else:
                others[type_] = callback
        self._keywords, self._others = keywords, others
        self._spaced = _spaced_patterns(terminals, self.g_regex_flags, len(terminals))

    def token_at(self, source, pos):
        """The token at pos of source (whitespace skipped before it), None
        where no terminal of this state matches, _END at the end."""
        if self._keywords is None:
            self._split_callbacks()
        for mre in self._spaced:  # lark's Scanner.match
            m = mre.match(source, pos)
            if m:
                break
        else:
            space = _SPACE.match(source, pos)
            return _END if (space.end() if space else pos) >= len(source) else None
        type_ = m.lastgroup
        value, pos, stop = m.group(type_), m.start(type_), m.end()
        table = self._keywords.get(type_)
        if table is not None:
            type_ = table.get(value, type_)
        t = Token._future_new(type_, value, pos, 1, pos + 1, 1, stop + 1, stop)
        other = self._others.get(type_) if self._others else None
        return t if other is None else other(t)

    def next_token(self, lex_state, parser_state=None):
        text = lex_state.text
        line_ctr = lex_state.line_ctr
        source = text.text[:text.end]
        t = self.token_at(source, line_ctr.char_pos)
        if t is _END:
            line_ctr.char_pos = len(source)
            raise EOFError(self)
        if t is None:  # lark's own error
            space = _SPACE.match(source, line_ctr.char_pos)
            if space is not None:
                line_ctr.char_pos = space.end()
            return BasicLexer.next_token(self, lex_state, parser_state)
        line_ctr.char_pos = t.end_pos
        lex_state.last_token = t
        return t


def _spaced_patterns(terminals, flags, size):
    """lark's Scanner patterns (one named group a terminal, in its order, at
    most `size` groups a pattern), each after the whitespace, taken
    possessively: one match a token."""
    patterns = []
    while terminals:
        union = "|".join("(?P<%s>%s)" % (t.name, t.pattern.to_regexp()) for t in terminals[:size])
        try:
            patterns.append(re.compile(r"\s*+(?:%s)" % union, flags))
        except AssertionError:  # too many groups for one pattern, as lark's _build_mres
            return _spaced_patterns(terminals, flags, size // 2)
        terminals = terminals[size:]
    return patterns


class FastContextualLexer(ContextualLexer):
    """lark's ContextualLexer with FastBasicLexer for each parser state."""

    BasicLexer = FastBasicLexer

    def lex(self, lexer_state, parser_state):
        try:
            while True:
                yield self.lexers[parser_state.position].next_token(lexer_state, parser_state)
        except EOFError:
            pass


class _Machine:
    """A parser's tables as parse_or_none reads them, made once for each
    parser, each a list by parser state (lark's states are 0, 1, 2...):
    `actions`, for each terminal or rule name, a shift (True, next state,
    the terminal's callback or None) or a reduction (False, the rule's
    length, its tree callback, the name of its origin); `lexes`, the
    state's lexer as (its spaced patterns, its keyword tables, its other
    callbacks or None), made at the state's first token. The names are
    plain strings: lark's may be tokens, whose comparison is Python's (a
    rule's goto found by its name, as lark finds it)."""

    def __init__(self, frontend):
        parser = frontend.parser.parser
        table, callbacks = parser.parse_table, parser.callbacks
        self.actions = [None] * len(table.states)
        for state, actions in table.states.items():
            row = self.actions[state] = {}
            for name, (kind, arg) in actions.items():
                if kind is Shift:
                    row[str(name)] = (True, arg, callbacks.get(name))
                else:
                    row[str(name)] = (False, len(arg.expansion), callbacks[arg], str(arg.origin.name))
        self.lexers = frontend.lexer.lexers
        self.lexes = [None] * len(self.actions)
        self.start_states, self.end_states = table.start_states, table.end_states

    def lex(self, state):
        """The entry of `lexes` for a state, made at its first token."""
        lexer = self.lexers[state]
        if lexer._keywords is None:
            lexer._split_callbacks()
        self.lexes[state] = (lexer._spaced, lexer._keywords, lexer._others or None)
        return self.lexes[state]


def _machine(lark):
    machine = getattr(lark.parser, "_machine", None)
    if machine is None:
        machine = lark.parser._machine = _Machine(lark.parser)
    return machine


def parse_or_none(lark, text, start):
    """The parse tree of text read as rule `start` of `lark` (an LALR parser
    with FastContextualLexer), or None where it does not parse. lark's own
    loop (lark/parsers/lalr_parser_state.py, feed_token) on the same parse
    table, lexers and tree callbacks (_Machine), with FastBasicLexer.token_at
    written out in it (a call less a token), without what only serves a
    failure's message or an interactive parser (the driver asks only
    whether it parsed: most pieces it tries do not), and no token for the
    end (lark's is never shifted nor given to a callback)."""
    machine = _machine(lark)
    actions, lexes = machine.actions, machine.lexes
    state = machine.start_states[start]
    end_state = machine.end_states[start]
    state_stack = [state]
    value_stack = []
    pos = 0
    while True:
        patterns, keywords, others = lexes[state] or machine.lex(state)
        for mre in patterns:  # as token_at
            m = mre.match(text, pos)
            if m:
                type_ = m.lastgroup
                begin, pos = m.start(type_), m.end()
                value = text[begin:pos]
                table = keywords.get(type_)
                if table is not None:
                    type_ = table.get(value, type_)
                token = _new_token(type_, value, begin, 1, begin + 1, 1, pos + 1, pos)
                if others is not None and type_ in others:
                    token = others[type_](token)
                    type_ = token.type
                break
        else:
            space = _SPACE.match(text, pos)
            if (space.end() if space else pos) < len(text):
                return None  # no terminal of this state matches
            token, type_ = None, "$END"
        while True:  # feed_token
            action = actions[state].get(type_)
            if action is None:
                return None
            if action[0]:  # shift
                if token is None:
                    return None  # as lark's assertion: the end is never shifted
                state = action[1]
                state_stack.append(state)
                value_stack.append(token if action[2] is None else action[2](token))
                break
            _, size, callback, origin = action
            if size:
                children = value_stack[-size:]
                del state_stack[-size:]
                del value_stack[-size:]
            else:
                children = []
            value_stack.append(callback(children))
            state = actions[state_stack[-1]][origin][1]
            state_stack.append(state)
            if token is None and state == end_state:
                return value_stack[-1]


def open_grammar(file_name, start, **options) -> Lark:
    """The LALR parser of grammar/`file_name` with FastContextualLexer, its
    compiled tables kept in Lark's cache under cache.parser_cache_file (named
    by the hash of every grammar file: one a grammar imports too)."""
    return Lark.open(Path(__file__).with_name(file_name), parser="lalr", start=start,
                     cache=cache.parser_cache_file(file_name),
                     _plugins={"ContextualLexer": FastContextualLexer}, **options)
