// diff: division and remainder on every signedness and width with guarded divisors
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern short __VERIFIER_nondet_short(void);
extern char __VERIFIER_nondet_char(void);
extern long long __VERIFIER_nondet_longlong(void);
extern void __kappa_trace(long long v);

#define I_MIN (-2147483647 - 1)
#define LL_MIN (-9223372036854775807LL - 1)

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  short a = __VERIFIER_nondet_short();
  short b = __VERIFIER_nondet_short();
  signed char c = (signed char)__VERIFIER_nondet_char();
  signed char d = (signed char)__VERIFIER_nondet_char();
  unsigned int u = __VERIFIER_nondet_uint();
  unsigned int v = __VERIFIER_nondet_uint();
  long long p = __VERIFIER_nondet_longlong();
  long long q = __VERIFIER_nondet_longlong();
  __kappa_trace(x / 7);
  __kappa_trace(x % 7);
  __kappa_trace(x / -7);
  __kappa_trace(x % -7);
  if (y != 0 && !(x == I_MIN && y == -1)) {
    int qq = x / y, rr = x % y;
    __kappa_trace(qq);
    __kappa_trace(rr);
    if (rr < 0) __kappa_trace(1); else if (rr > 0) __kappa_trace(2); else __kappa_trace(3);
  } else {
    __kappa_trace(4);
  }
  int sy = y % 16;
  if (sy != 0 && !(x == I_MIN && sy == -1)) {
    __kappa_trace(x / sy);
    __kappa_trace(x % sy);
  }
  if (b != 0) {
    __kappa_trace(a / b);              /* int division: -32768 / -1 is fine */
    __kappa_trace(a % b);
    __kappa_trace((short)(a / b));
  } else {
    __kappa_trace(5);
  }
  if (d != 0) {
    __kappa_trace(c / d);
    __kappa_trace(c % d);
    __kappa_trace((signed char)(c / d));
  } else {
    __kappa_trace(6);
  }
  __kappa_trace(u / 3u);
  __kappa_trace(u % 3u);
  if (v != 0) {
    __kappa_trace(u / v);
    __kappa_trace(u % v);
    __kappa_trace(x / v);               /* x converted to unsigned */
    __kappa_trace(x % v);
  } else {
    __kappa_trace(7);
  }
  __kappa_trace(p / 10);
  __kappa_trace(p % 10);
  __kappa_trace(p / -10);
  __kappa_trace(p % -10);
  if (q != 0 && !(p == LL_MIN && q == -1)) {
    __kappa_trace(p / q);
    __kappa_trace(p % q);
  } else {
    __kappa_trace(8);
  }
  long long q2 = q % 100000;
  if (q2 != 0 && !(p == LL_MIN && q2 == -1)) {
    __kappa_trace(p / q2);
    __kappa_trace(p % q2);
  }
  return 0;
}
