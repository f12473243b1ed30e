"""The facts of every face of a corpus, one line a face (a JSON list: its
number, name, facts and unparsed spans), for comparing grammars:
`PYTHONPATH=<checkout> python tools/corpus_facts.py OUT` reads that
checkout's grammar; `diff` two outputs, or compare a merge with its parents
and their base (tools/compare_facts.py).

    python tools/corpus_facts.py /tmp/gram.txt
    PYTHONPATH=/path/to/other python tools/corpus_facts.py /tmp/other.txt
    diff /tmp/other.txt /tmp/gram.txt"""

import argparse
import json
import sys
import time
from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "oracle_corpus.json"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="the file of facts to write")
    ap.add_argument("--corpus", default=str(DEFAULT), help="oracle_corpus.json (a list of faces)")
    args = ap.parse_args()
    import inspect

    import grammar
    from grammar import parse_card
    # cache=False: the grammar's own reading (grammars older than the parse cache have no such argument)
    options = {"cache": False} if "cache" in inspect.signature(parse_card).parameters else {}
    print("grammar:", grammar.__file__, file=sys.stderr)
    faces = json.load(open(args.corpus))
    start = time.time()
    with open(args.out, "w") as out:
        for i, face in enumerate(faces):
            name = face["name"] if "face" in face else face["name"].split(" // ")[0]
            card = parse_card("c", name, face.get("text") or "", face.get("types") or (),
                              face.get("supertypes") or (), **options)
            unparsed = ["%s:%d-%d" % (a, s, e) for a, s, e, _ in card.unparsed]
            out.write(json.dumps([i, face["name"], list(map(str, card.facts)), unparsed]) + "\n")
    print("%d faces in %.0f s" % (len(faces), time.time() - start), file=sys.stderr)


if __name__ == "__main__":
    main()
