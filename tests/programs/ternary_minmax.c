// expect: true
// min/max/sign computed with (nested) conditional expressions
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else __assert_fail ("0", "ternary_minmax.c", 4, __extension__ __PRETTY_FUNCTION__); })); }
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int mn = a < b ? a : b;
  int mx = a < b ? b : a;
  if (mn > mx) reach_error();
  if ((long long)mn + mx != (long long)a + b) reach_error();
  int sgn = a > 0 ? 1 : a < 0 ? -1 : 0;
  if (sgn == 1 && a <= 0) reach_error();
  if (sgn == -1 && a >= 0) reach_error();
  if (sgn == 0 && a != 0) reach_error();
  return 0;
}
