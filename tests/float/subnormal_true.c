// expect: true
// the smallest subnormal double is positive
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  double t = 4.9406564584124654e-324;
  if (!(t > 0.0)) reach_error();
  return 0;
}
