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

from lark.lexer import BasicLexer, ContextualLexer, PatternStr, Token, UnlessCallback

_SPACE = re.compile(r"\s+")


class FastBasicLexer(BasicLexer):
    """One parser state's lexer (lark's BasicLexer, its scanner unchanged)."""

    _keywords = None   # regex terminal -> {keyword string: keyword terminal}
    _others = None     # the callbacks that are no keyword look-up

    def _split_callbacks(self):
        scanner = self.scanner  # builds lark's callbacks
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
        return scanner

    def next_token(self, lex_state, parser_state=None):
        scanner = self._scanner if self._keywords is not None else self._split_callbacks()
        text = lex_state.text
        line_ctr = lex_state.line_ctr
        source, end = text.text, text.end
        pos = line_ctr.char_pos
        space = _SPACE.match(source, pos, end)
        if space is not None:
            pos = space.end()
        if pos >= end:
            line_ctr.char_pos = pos
            raise EOFError(self)
        res = scanner.match(text, pos)
        if not res:  # lark's own error
            line_ctr.char_pos = pos
            return BasicLexer.next_token(self, lex_state, parser_state)
        value, type_ = res
        stop = pos + len(value)
        table = self._keywords.get(type_)
        if table is not None:
            type_ = table.get(value, type_)
        t = Token._future_new(type_, value, pos, 1, pos + 1, 1, stop + 1, stop)
        line_ctr.char_pos = stop
        other = self._others.get(t.type) if self._others else None
        if other is not None:
            t = other(t)
        lex_state.last_token = t
        return t


class FastContextualLexer(ContextualLexer):
    """lark's ContextualLexer with FastBasicLexer for each parser state."""

    BasicLexer = FastBasicLexer

    def lex(self, lexer_state, parser_state):
        try:
            while True:
                yield self.lexers[parser_state.position].next_token(lexer_state, parser_state)
        except EOFError:
            pass
