// expect: false
// counting decimal digits with a do-while and unsigned division by 10
// witness: 1000003
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned int u = __VERIFIER_nondet_uint();
  __VERIFIER_assume(u < 10000000u);
  unsigned int v = u;
  int digits = 0;
  do {
    digits++;
    v /= 10;
  } while (v != 0);
  if (digits == 7 && u % 10 == 3 && u / 1000000 == 1) reach_error();
  return 0;
}
