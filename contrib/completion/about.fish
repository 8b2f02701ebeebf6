# fish completion for about. Load it in this shell with
#   about completion fish | source
# or install it for every shell, e.g.
#   about completion fish > ~/.config/fish/completions/about.fish
#
# Like the bash and zsh scripts, it asks the binary itself: about answers
# --generate-bash-completion with the commands, flags and flag values that
# fit the words so far, so the completions never go stale. Where about
# offers nothing (a MANIFEST, a DIR), fish completes paths.

function __about_complete
    set -l words (commandline -opc)
    set -l cur (commandline -ct)
    set -l opts
    if string match -q -- '-*' $cur
        # A lone "--" would end about's flags, and with them completion:
        # "-" asks for every flag, and fish keeps those matching cur.
        set opts ($words - --generate-bash-completion 2>/dev/null)
    else
        set opts ($words --generate-bash-completion 2>/dev/null)
    end
    if test (count $opts) -eq 0
        __fish_complete_path $cur
        return
    end
    printf '%s\n' $opts
end

complete -c about -e
complete -c about -f -a '(__about_complete)'
