// kappa example: reach_error() is reachable only for one input range.
// `kappa verify examples/find_bug.c` answers false with inputs that replay natively.
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);

int scale(int x, unsigned char k) {
  if (k == 0) return x;
  return x * k;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char k = __VERIFIER_nondet_uchar();
  if (x < 0 || x > 1000) return 0;
  int y = scale(x, k);
  if (y == 4321 && k > 7) reach_error();
  return 0;
}
