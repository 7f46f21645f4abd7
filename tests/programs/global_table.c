// expect: false
// initialised global array, global counter and global char array
// witness: 3 4
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int table[5] = {2, 3, 5, 7, 11};
int counter = 10;
char greeting[] = "hi";

static int bump(int k) { counter += table[k]; return counter; }

int main(void) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 5 && j >= 0 && j < 5);
  bump(i);
  bump(j);
  if (counter == 28 && greeting[1] == 'i' && i < j) reach_error();
  return 0;
}
