// expect: true
// The state lives in memory: a two-cell array updated by inputs, with
// values kept in 0..2. Matching compares the array's bytes (concrete).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int cells[2];
int main(void) {
  while (1) {
    int i = __VERIFIER_nondet_int();
    if (i == 0) cells[0] = (cells[0] + 1) % 3;
    else cells[1] = (cells[1] + 2) % 3;
    if (cells[0] + cells[1] > 4) reach_error();
  }
  return 0;
}
