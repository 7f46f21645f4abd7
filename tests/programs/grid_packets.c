// expect: false
// a stream of nondet packets (row, col, value) fills a 4x4 int grid at
// input-chosen indices; the bug needs one particular combination of writes
// witness: 0 0 9 1 1 6 3 3 9 3 0 5 0 3 7 2 2 6
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);



int main(void) {
  int grid[4][4] = {0};
  for (int p = 0; p < 6; p++) {
    int row = __VERIFIER_nondet_int();
    int col = __VERIFIER_nondet_int();
    int value = __VERIFIER_nondet_int();
    __VERIFIER_assume(row >= 0 && row < 4 && col >= 0 && col < 4);
    __VERIFIER_assume(value >= 0 && value <= 9);
    grid[row][col] = value;
  }
  int diag = 0;
  for (int k = 0; k < 4; k++) diag += grid[k][k];
  if (grid[0][3] == 7 && grid[3][0] == 5 && diag == 30) reach_error();
  return 0;
}
