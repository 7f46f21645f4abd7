// expect: false
// A nondet packet stream writes a 4x4 int grid at input-chosen cells (symbolic-index writes), then checks two cells.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int grid[4][4];

int main(void) {
  for (int k = 0; k < 8; k++) {
    unsigned char hdr = __VERIFIER_nondet_uchar();
    int v = __VERIFIER_nondet_int();
    __VERIFIER_assume(v >= 0 && v < 100);
    int row = (hdr >> 4) & 3;
    int col = hdr & 3;
    if (hdr & 0x80)
      grid[row][col] += v; // accumulate
    else
      grid[row][col] = v; // overwrite
  }
  if (grid[1][2] == 150 && grid[3][3] == 99 && grid[0][0] == 0)
    reach_error();
  return 0;
}
