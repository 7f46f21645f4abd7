// rec_gcd_bug: recursive Euclid over two bounded inputs.
// Twin of rec_gcd_ok with a bug: base case also stops at b = 1; expected verdict false.
// witness: 2,1
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern _Bool __VERIFIER_nondet_bool(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int gcd(int a, int b) {
  if (b <= 1) {
    return a;
  }
  return gcd(b, a % b);
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  assume_abort_if_not(1 <= a && a <= 1000 && 1 <= b && b <= 1000);
  int g = gcd(a, b);
  __VERIFIER_assert(g >= 1 && a % g == 0 && b % g == 0);
  return 0;
}
