#!/usr/bin/env python3
"""Writes the hand-made witnesses of this directory (run it here after
editing a program: the witnesses carry the programs' SHA-256). The good
invariants are the ones `kappa verify --mode prove --witness` wrote for the
`_true` programs (trimmed), or written by hand where kappa writes `1`."""
import hashlib

HEAD = """- entry_type: invariant_set
  metadata:
    format_version: '2.0'
    uuid: 6b1f3c2e-0d4a-4e59-9a7b-2c5d8e9f0a1b
    creation_time: 2026-11-28T06:40:00Z
    producer:
      name: hand
      version: '1'
    task:
      input_files:
      - {prog}
      input_file_hashes:
        {prog}: {sha}
      specification: G ! call(reach_error())
      data_model: ILP32
      language: C
  content:
"""
INV = """  - invariant:
      type: {ty}
      location:
        file_name: {prog}
        line: {line}
        column: {col}
        function: main
      value: '{value}'
      format: c_expression
"""


def write(name, prog, invs, hashed=None):
    """`hashed`: the witness is relabelled for that program (its name and
    hash), keeping `prog`'s invariants."""
    prog = hashed or prog
    sha = hashlib.sha256(open(prog, "rb").read()).hexdigest()
    text = HEAD.format(prog=prog, sha=sha)
    for ty, line, col, value in invs:
        text += INV.format(ty=ty, prog=prog, line=line, col=col, value=value.replace("'", "''"))
    open(name, "w").write(text)


L = "loop_invariant"
P = "location_invariant"
EFFECTS_GOOD = "(unsigned)s == 2u * (unsigned)i && (unsigned)i <= 20u"
# effects_false.c: the loop is the `for` at 14:3
write("effects_good.yml", "effects_true.c", [(L, 14, 3, EFFECTS_GOOD)])
for name, value in [
    ("effects_assign.yml", "(s = 0) == 0"),
    ("effects_compound.yml", "(s *= 0) == 0"),
    ("effects_call.yml", "reset()"),
    ("effects_abort.yml", "(__builtin_abort(), 1)"),
    ("effects_stmt_expr.yml", "({ s = 0; 1; })"),
    ("effects_function_name.yml", "reset != 0"),
    ("effects_comment.yml", "1)) || ((s = 0"),
]:
    write(name, "effects_false.c", [(L, 14, 3, value)])
# steps_true.c: loops at 8:3 and 12:3; steps_false.c: at 10:3 and 14:3
write("steps_good.yml", "steps_true.c", [(L, 8, 3, "f == i && 0 <= i && i <= 10"),
                                         (L, 12, 3, "d == -j && 0 <= j && j <= 10 && f <= 10")])
write("steps_decrement.yml", "steps_false.c", [(L, 10, 3, "--f <= 0"), (L, 14, 3, "f <= 0")])
write("steps_increment.yml", "steps_false.c", [(L, 10, 3, "d == 0"), (L, 14, 3, "++d >= 0")])
# mixed: while at 10:3, do at 15:3, `int k` at 18:3, `if (i > 10)` at 13:3
WHILE = "0 <= i && i <= 10"
write("mixed_good.yml", "mixed_true.c", [(L, 10, 3, WHILE), (L, 15, 3, "0 <= j && j <= 4"),
                                         (P, 13, 3, "i <= 10"), (P, 18, 3, "j <= 5")])
write("mixed_do_false.yml", "mixed_true.c", [(L, 10, 3, WHILE), (L, 15, 3, "j < 0")])
write("mixed_location_zero.yml", "mixed_true.c", [(L, 10, 3, WHILE), (P, 18, 3, "0")])
write("mixed_location_rare.yml", "mixed_true.c", [(L, 10, 3, WHILE), (P, 18, 3, "n != 12345")])
# the call in `if (i > 10) reach_error();` is the unbraced body of the if (never reached)
write("mixed_location_unbraced.yml", "mixed_true.c", [(L, 10, 3, WHILE), (P, 13, 15, "0")])
# 13:7 is the `i` inside the if's parentheses: no statement starts there
write("mixed_location_inside.yml", "mixed_true.c", [(L, 10, 3, WHILE), (P, 13, 7, "i <= 10")])
write("mixed_false_invariant.yml", "mixed_true.c", [(L, 10, 3, "i < 0")])
write("mixed_wrong_program.yml", "mixed_true.c", [(L, 10, 3, WHILE)])
write("mixed_wrong_program_rehashed.yml", "mixed_true.c", [(L, 10, 3, WHILE)],
      hashed="mixed_false.c")
# do: do at 9:3
write("do_good.yml", "do_true.c", [(L, 9, 3, "0 <= j && j <= 4")])
write("do_false_invariant.yml", "do_true.c", [(L, 9, 3, "j <= 2")])
write("do_wrong_program.yml", "do_true.c", [(L, 9, 3, "0 <= j && j <= 4")], hashed="do_false.c")
# goto: label `loop` at 8:1
write("goto_good.yml", "goto_true.c", [(L, 8, 1, "0 <= i && i <= 10")])
write("goto_location_good.yml", "goto_true.c", [(P, 8, 1, "0 <= i && i <= 10")])
write("goto_false_invariant.yml", "goto_true.c", [(L, 8, 1, "i <= 3")])
write("goto_wrong_program.yml", "goto_true.c", [(L, 8, 1, "0 <= i && i <= 10")],
      hashed="goto_false.c")
