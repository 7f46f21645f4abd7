// expect: true
// 1.0f has the bits 0x3f800000
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
union u { float f; unsigned bits; };
int main(void) {
  union u v;
  v.f = 1.0f;
  if (v.bits != 0x3f800000u) reach_error();
  return 0;
}
