// kappa example: a bounded loop over an array; reach_error() is unreachable.
// `kappa verify examples/safe_sum.c` answers true after exploring every path.
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);

int main(void) {
  unsigned char a[4];
  int sum = 0;
  for (int i = 0; i < 4; i++) {
    a[i] = __VERIFIER_nondet_uchar();
    if (a[i] > 100) a[i] = 100;
    sum += a[i];
  }
  if (sum > 400) reach_error();
  return 0;
}
