// expect: false
// mutual recursion: isEven is 1 on some inputs
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "rec.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }

int isOdd(int n);
int isEven(int n) {
  if (n == 0) return 1;
  return isOdd(n - 1);
}
int isOdd(int n) {
  if (n == 0) return 0;
  return isEven(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  int r = isEven(n);
  __VERIFIER_assert(r == 0);
  return 0;
}
