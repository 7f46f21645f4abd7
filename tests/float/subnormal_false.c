// expect: false
// the smallest subnormal float halves to 0
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  float t = 1.40129846e-45f;
  float h = t / 2.0f;
  if (h == 0.0f) reach_error();
  return 0;
}
