// expect: unknown
// y may be zero: undefined behaviour on the way, reach_error unreachable.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_int();
  unsigned y = __VERIFIER_nondet_int();
  unsigned z = x % y;
  if (z >= y)
    reach_error();
  return 0;
}
