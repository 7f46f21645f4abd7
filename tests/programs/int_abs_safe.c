// expect: true
// absolute value is non-negative once INT_MIN is excluded
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

static int my_abs(int x) { return x < 0 ? -x : x; }

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x != -2147483647 - 1);
  int a = my_abs(x);
  if (a < 0) reach_error();
  if (a == 0 && x != 0) reach_error();
  if (a != x && a != -x) reach_error();
  return 0;
}
