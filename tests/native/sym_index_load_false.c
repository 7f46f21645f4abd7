// expect: false
// paths: 2
// run: 6 -> 1 1 error
// run: 2 -> 1 0
// an input index reads a cell: the cell holding 60 is found in one query
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int table[10] = {0, 10, 20, 30, 40, 50, 60, 70, 80, 90};
int main(void) {
  unsigned k = (unsigned)__VERIFIER_nondet_int() % 10u;
  if (table[k] == 60) reach_error();
  return 0;
}
