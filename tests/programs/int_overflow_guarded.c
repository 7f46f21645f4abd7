// expect: true
// additions are only performed after a guard rules out signed overflow
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

#define MY_INT_MAX 2147483647
#define MY_INT_MIN (-MY_INT_MAX - 1)

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x > 0 && y > 0 && y <= MY_INT_MAX - x) {
    int s = x + y;
    if (s <= 0 || s < x || s < y) reach_error();
  }
  if (x < 0 && y < 0 && y >= MY_INT_MIN - x) {
    int s = x + y;
    if (s >= x || s >= y) reach_error();
  }
  return 0;
}
