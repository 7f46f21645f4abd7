// expect: true
// classic: slow
// Three nested loops (two levels of nesting): the middle index j is a
// closed form of the middle loop's trip count in every outer iteration,
// so j never exceeds n; the innermost loop only makes c a ⋆.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 100) return 0;
  unsigned c = 0, last = 0;
  for (unsigned i = 0; i < n; i++) {
    unsigned j;
    for (j = 0; j < n; j++)
      for (unsigned k = 0; k < n; k++)
        if (__VERIFIER_nondet_int()) c++;
    last = j;
  }
  if (last > n) reach_error();
  return 0;
}
