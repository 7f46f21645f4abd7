// expect: false
// large unsigned values round up to 2^32 in float
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned u = __VERIFIER_nondet_uint();
  float f = (float)u;
  if (f == 4294967296.0f) reach_error();
  return 0;
}
