// expect: false
// catastrophic cancellation: (1e16 + 1) - 1e16 is 0
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  double big = 1e16, one = 1.0;
  if ((big + one) - big == 0.0) reach_error();
  return 0;
}
