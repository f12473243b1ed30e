"""Three-way comparison of outputs of tools/corpus_facts.py: the grammar of
a merge against its two parents and their merge base.

    python tools/compare_facts.py BASE OURS THEIRS MERGED

Each face is one of: as THEIRS reads it; as OURS reads it (only OURS
changed it); both changes (MERGED's facts are BASE's with both changes);
new (neither parent changed it, MERGED reads it otherwise: a sentence that
needs what both brought); or wrong (a change lost). Prints the counts and
the faces of the last three kinds; exit status 1 if a change was lost."""

import json
import sys


def facts(line):
    """The facts of a face, and its unparsed spans (as "| span")."""
    _i, _name, facts, unparsed = json.loads(line)
    return set(facts) | {"| " + u for u in unparsed}


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    files = [open(p, encoding="utf-8").readlines() for p in sys.argv[1:]]
    if len({len(f) for f in files}) != 1:
        sys.exit("the outputs have different numbers of faces")
    kinds = {}
    for base, ours, theirs, merged in zip(*files):
        name = json.loads(base)[1]
        if merged == theirs:
            kind = "as theirs"
        elif base == theirs and merged == ours:
            kind = "as ours (only ours changed it)"
        elif base == theirs == ours:
            kind = "new (neither changed it alone)"
        else:
            b, o, t, m = map(facts, (base, ours, theirs, merged))
            both = (b | (o - b) | (t - b)) - ((b - o) | (b - t))
            kind = "both changes" if m == both else "WRONG (a change lost)"
        kinds.setdefault(kind, []).append(name)
    for kind, names in kinds.items():
        print("%6d  %s" % (len(names), kind))
        if not kind.startswith("as "):
            for name in names:
                print("        " + name)
    sys.exit(1 if any(k.startswith("WRONG") for k in kinds) else 0)


if __name__ == "__main__":
    main()
