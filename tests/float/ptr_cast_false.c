// expect: false
// a double with the sign bit set that equals 0: -0.0
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  unsigned long long bits = *(unsigned long long *)&d;
  if ((bits >> 63) && d == 0.0) reach_error();
  return 0;
}
