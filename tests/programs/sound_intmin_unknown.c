// expect: unknown
// y != 0 is checked but INT_MIN / -1 is still possible (undefined
// behaviour); reach_error itself is unreachable.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int z = 0;
  if (y != 0)
    z = x / y;
  if (z > 5 && z < 3)
    reach_error();
  return 0;
}
