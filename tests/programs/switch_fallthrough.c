// expect: false
// switch with fall-through between cases and a default
// witness: 1
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int count = 0;
  switch (x) {
  case 1:
    count++;
  case 2:
    count++;
  case 3:
    count++;
    break;
  case 4:
    count += 10;
  default:
    count += 100;
  }
  if (count == 3) reach_error();
  return 0;
}
