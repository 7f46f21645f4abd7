// expect: true
// catastrophic cancellation: (1e16 + 2) - 1e16 is 2
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  double big = 1e16, two = 2.0;
  if ((big + two) - big != 2.0) reach_error();
  return 0;
}
