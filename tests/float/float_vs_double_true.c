// expect: true
// float rounding: 2^24 + 1 is 2^24 in float
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  float f = 16777216.0f;
  f = f + 1.0f;
  if (f != 16777216.0f) reach_error();
  return 0;
}
