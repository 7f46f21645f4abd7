// Table 1 "bytecode interpreter loop": a program of input opcodes run on
// an accumulator; the target needs the accumulator to reach 7.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  int acc = 0;
  for (int pc = 0; pc < 12; pc++) {
    unsigned char op = __VERIFIER_nondet_uchar();
    switch (op & 3) {
    case 0: acc += 1; break;
    case 1: acc *= 2; break;
    case 2: acc -= 1; break;
    default: break;
    }
  }
  if (acc == 7) reach_error();
  return 0;
}
