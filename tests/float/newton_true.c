// expect: true
// Newton for sqrt(2) converges within 1e-12
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  double x = 2.0, r = 2.0;
  for (int k = 0; k < 6; k++) r = 0.5 * (r + x / r);
  double e = r * r - 2.0;
  if (e > 1e-12 || e < -1e-12) reach_error();
  return 0;
}
