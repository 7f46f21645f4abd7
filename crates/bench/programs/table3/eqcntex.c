// EQCNTex (loop navigation paper, Section 4): two instances of EQCNT in
// sequence with explicit iteration counts; the target is unreachable.
// expect: true
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int c = 0, d = 0;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      if (__VERIFIER_nondet_int() == 1) c++;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      if (__VERIFIER_nondet_int() == 2) d++;
  if (c + d == 33) reach_error();
  return 0;
}
