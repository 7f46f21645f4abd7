// expect: false
// recursive factorial with a bounded argument
// witness: 6
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 8);
  if (fact(n) == 720) reach_error();
  return 0;
}
