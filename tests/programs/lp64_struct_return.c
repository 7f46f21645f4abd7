// expect: false
// LP64: a 16-byte struct is returned in registers as an aggregate; its fields survive
// witness: 21 -4
// data-model: LP64
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct pair { long sum; int diff; char tag; };
struct pair combine(int a, int b) {
  struct pair p;
  p.sum = (long)a + b;
  p.diff = a - b;
  p.tag = a > b ? 'g' : 'l';
  return p;
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < -100 || a > 100 || b < -100 || b > 100) return 0;
  struct pair p = combine(a, b);
  if (p.sum == 17 && p.diff == 25 && p.tag == 'g') reach_error();
  return 0;
}
