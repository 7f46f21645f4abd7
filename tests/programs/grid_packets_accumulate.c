// expect: false
// ten packets (row, col, value) accumulate into a 4x4 int grid at
// input-chosen cells; row sums and two diagonal cells must all match
// witness: 1 2 67117062 2 2 7 2 0 23 1 2 419422219 3 2 40 0 2 716160514 1 0 -486539264 0 2 1073758216 1 1 3 0 0 -1789918720
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int grid[4][4] = {0};
  for (int p = 0; p < 10; p++) {
    int row = __VERIFIER_nondet_int();
    int col = __VERIFIER_nondet_int();
    int value = __VERIFIER_nondet_int();
    if (row < 0 || row >= 4 || col < 0 || col >= 4) return 0;
    grid[row][col] += value;
  }
  int rows[4] = {0};
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 4; c++) rows[r] += grid[r][c];
  if (rows[0] == 10 && rows[1] == 20 && rows[2] == 30 && rows[3] == 40 &&
      grid[1][1] == 3 && grid[2][2] == 7)
    reach_error();
  return 0;
}
