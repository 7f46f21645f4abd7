// expect: false
// Fibonacci with two calls: not always below n
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "recursion.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }

int fib(int n) {
  if (n < 1) return 0;
  if (n == 1) return 1;
  return fib(n - 1) + fib(n - 2);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  int r = fib(n);
  __VERIFIER_assert(r <= n);
  return 0;
}
