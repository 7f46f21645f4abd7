// expect: false
// a float input with the bits of the default quiet NaN
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
union u { float f; unsigned bits; };
int main(void) {
  union u v;
  v.f = __VERIFIER_nondet_float();
  if (v.bits == 0x7fc00000u) reach_error();
  return 0;
}
