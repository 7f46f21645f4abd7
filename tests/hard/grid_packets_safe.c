// expect: true
// The 4x4 grid packet stream with bounded values: the grid's total never exceeds 8 * 9.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int grid[4][4];

int main(void) {
  for (int k = 0; k < 8; k++) {
    unsigned char hdr = __VERIFIER_nondet_uchar();
    int v = __VERIFIER_nondet_int();
    __VERIFIER_assume(v >= 0 && v < 10);
    grid[(hdr >> 4) & 3][hdr & 3] += v;
  }
  int sum = 0;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      sum += grid[i][j];
  if (sum > 72)
    reach_error();
  return 0;
}
