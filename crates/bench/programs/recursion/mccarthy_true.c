// expect: true
// McCarthy's 91 function: 91 for every n <= 100
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "recursion.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }

int f91(int n) {
  if (n > 100) return n - 10;
  return f91(f91(n + 11));
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < -1000 || n > 100) return 0;
  __VERIFIER_assert(f91(n) == 91);
  return 0;
}
