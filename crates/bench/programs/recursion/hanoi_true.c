// expect: true
// Hanoi move count with two calls: odd
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "recursion.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }

int hanoi(int n) {
  if (n <= 1) return 1;
  return hanoi(n - 1) + 1 + hanoi(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 20) return 0;
  int r = hanoi(n);
  __VERIFIER_assert(r % 2 != 0);
  return 0;
}
