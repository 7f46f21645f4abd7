// expect: unknown
// The division may be by zero (possible undefined behaviour): every stage
// would meet it, so the portfolio stops after the first stage that
// explored everything else.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int n = 0;
  for (int i = 0; i < 3; i++)
    n += __VERIFIER_nondet_int() > 0;
  int z = x / y;
  if (n > 3) reach_error();
  return z;
}
