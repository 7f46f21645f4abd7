// TwoLoops: the first loop leaves an even x; the second stops when the odd y
// meets it, which never happens (unreachable).
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned x = 0;
  for (unsigned k = 0; k < n; k++)
    x += 4;
  unsigned y = 3;
  while (x != y)
    y += 2;
  reach_error();
  return 0;
}
