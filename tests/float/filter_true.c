// expect: true
// a first-order filter over bounded inputs stays bounded
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  float x = 0.0f;
  for (int k = 0; k < 3; k++) {
    float in = __VERIFIER_nondet_float();
    __VERIFIER_assume(in >= -1.0f && in <= 1.0f);
    x = 0.5f * x + 0.5f * in;
  }
  if (x > 1.0f) reach_error();
  return 0;
}
