// expect: true
// Both undefined cases of the division are excluded.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int z = 0;
  if (y != 0 && !(x == -2147483647 - 1 && y == -1))
    z = x / y;
  if (z > 5 && z < 3)
    reach_error();
  return 0;
}
