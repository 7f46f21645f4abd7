// expect: true
// no float is below itself, NaN included
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (x < x || x > x) reach_error();
  return 0;
}
