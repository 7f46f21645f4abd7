// expect: false
// unsigned subtraction wraps modulo 2^32
// witness: 10 16
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned int b = __VERIFIER_nondet_uint();
  __VERIFIER_assume(a < 100 && b < 100);
  unsigned int d = a - b;
  if (d == 4294967290u && a == 10) reach_error();
  return 0;
}
