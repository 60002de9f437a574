/* Globals of BOTS alignment.c, declared before this function in the original file. */
extern int nseqs, gap_pos1, gap_pos2, mat_avscore, dnaFlag;
extern int *seqlen_array, *bench_output;
extern char **seq_array;
extern double gap_open_scale, gap_extend_scale, pw_go_penalty, pw_ge_penalty;

int pairalign()
{
   int i, n, m, si, sj;
   int len1, len2, maxres;
   double gg, mm_score;
   int *mat_xref, *matptr;

   matptr = gon250mt;
   mat_xref = def_aa_xref;
   maxres = get_matrix(matptr, mat_xref, 10);
   if (maxres == 0) return(-1);

   bots_message("Start aligning ");

   {
      for (si = 0; si < nseqs; si++) {
        n = seqlen_array[si+1];
        for (i = 1, len1 = 0; i <= n; i++) {
           char c = seq_array[si+1][i];
           if ((c != gap_pos1) && (c != gap_pos2)) len1++;
        }
        for (sj = si + 1; sj < nseqs; sj++)
        {
           m = seqlen_array[sj+1];
           if (n == 0 || m == 0) {
             bench_output[si*nseqs+sj] = (int) 1.0;
           } else {
              {
                int se1, se2, sb1, sb2, maxscore, seq1, seq2, g, gh;
                int displ[2*MAX_ALN_LENGTH+1];
                int print_ptr, last_print;

                for (i = 1, len2 = 0; i <= m; i++) {
                   char c = seq_array[sj+1][i];
                   if ((c != gap_pos1) && (c != gap_pos2)) len2++;
                }
                if ( dnaFlag == TRUE ) {
                   g = (int) ( 2 * INT_SCALE * pw_go_penalty * gap_open_scale ); // gap0pen
                   gh = (int) (INT_SCALE * pw_ge_penalty * gap_extend_scale); //gapExtend
                } else {
                   gg = pw_go_penalty + log((double) MIN(n, m)); // temporary value
                   g = (int) ((mat_avscore <= 0) ? (2 * INT_SCALE * gg) : (2 * mat_avscore * gg * gap_open_scale) ); // gapOpen
                   gh = (int) (INT_SCALE * pw_ge_penalty); //gapExtend
                }

                seq1 = si + 1;
                seq2 = sj + 1;

                forward_pass(&seq_array[seq1][0], &seq_array[seq2][0], n, m, &se1, &se2, &maxscore, g, gh);
                reverse_pass(&seq_array[seq1][0], &seq_array[seq2][0], se1, se2, &sb1, &sb2, maxscore, g, gh);

                print_ptr = 1;
                last_print = 0;

                diff(sb1-1, sb2-1, se1-sb1+1, se2-sb2+1, 0, 0, &print_ptr, &last_print, displ, seq1, seq2, g, gh);
                mm_score = tracepath(sb1, sb2, &print_ptr, displ, seq1, seq2);

                if (len1 == 0 || len2 == 0) mm_score = 0.0;
                else mm_score /= (double) MIN(len1,len2);

                bench_output[si*nseqs+sj] = (int) mm_score;
              } // end task
           } // end if (n == 0 || m == 0)
        } // for (j)
      } // end parallel for (i)
   } // end parallel
   bots_message(" completed!\n");
   return 0;
}
