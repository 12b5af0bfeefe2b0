<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja" sourcelanguage="en">
<context>
    <name>ChatHeader</name>
    <message>
        <source>Topic list</source>
        <translation>トピック一覧</translation>
    </message>
    <message>
        <source>Open topic</source>
        <translation>開いているトピック</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Message — %1 to send, %2 for a new line</source>
        <translation>メッセージ — %1 で送信、%2 で改行</translation>
    </message>
    <message>
        <source>Message draft</source>
        <translation>メッセージの下書き</translation>
    </message>
    <message>
        <source>Your message. Markdown is fine. %1 sends, %2 makes a new line, Esc stops a reply.</source>
        <translation>メッセージ。Markdown が使えます。%1 で送信、%2 で改行、Esc で返信を止めます。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the reply being written in this topic (Esc); what arrived is kept</source>
        <translation>このトピックで書かれている返信を止めます（Esc）。届いた分は残ります</translation>
    </message>
    <message>
        <source>Stop the reply</source>
        <translation>返信を止める</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>送信</translation>
    </message>
    <message>
        <source>Send the message</source>
        <translation>メッセージを送信</translation>
    </message>
    <message>
        <source>Send the message (%1)</source>
        <translation>メッセージを送信（%1）</translation>
    </message>
    <message>
        <source>Opening your chats…</source>
        <translation>チャットを開いています…</translation>
    </message>
    <message>
        <source>Create an assistant first (Assistant → New…)</source>
        <translation>先にアシスタントを作成してください（アシスタント → 新規…）</translation>
    </message>
</context>
<context>
    <name>ErrorBar</name>
    <message>
        <source>This is a bug in ChatHub Desktop. The same text is in chathub.log in the data folder.</source>
        <translation>これは ChatHub Desktop の不具合です。同じ内容がデータフォルダーの chathub.log にも記録されています。</translation>
    </message>
    <message>
        <source>Error details</source>
        <translation>エラーの詳細</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>再試行</translation>
    </message>
    <message>
        <source>Try it again now</source>
        <translation>今すぐもう一度試す</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>詳細…</translation>
    </message>
    <message>
        <source>Show the traceback of this error</source>
        <translation>このエラーのトレースバックを表示</translation>
    </message>
    <message>
        <source>Show what failed and why</source>
        <translation>何がなぜ失敗したかを表示</translation>
    </message>
    <message>
        <source>Dismiss error</source>
        <translation>エラーを閉じる</translation>
    </message>
    <message>
        <source>Hide this error</source>
        <translation>このエラーを隠す</translation>
    </message>
    <message numerus="yes">
        <source> (%n earlier)</source>
        <translation><numerusform>（ほかに %n 件）</numerusform></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Code block copied</source>
        <translation>コードブロックをコピーしました</translation>
    </message>
    <message>
        <source>No assistant</source>
        <translation>アシスタントなし</translation>
    </message>
    <message>
        <source>%1: %2 via %3</source>
        <translation>%1：%3 の %2</translation>
    </message>
    <message>
        <source>no model</source>
        <translation>モデルなし</translation>
    </message>
    <message>
        <source>no provider</source>
        <translation>プロバイダーなし</translation>
    </message>
    <message>
        <source>ChatHub was started again: this window is the one for your data</source>
        <translation>ChatHub がもう一度起動されました。このウィンドウがあなたのデータのウィンドウです</translation>
    </message>
    <message>
        <source>&amp;Topics</source>
        <translation>トピック(&amp;T)</translation>
    </message>
    <message>
        <source>Topics</source>
        <translation>トピック</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>Rename topic</source>
        <translation>トピック名を変更</translation>
    </message>
    <message>
        <source>Delete topic</source>
        <translation>トピックを削除</translation>
    </message>
    <message>
        <source>New topic</source>
        <translation>新しいトピック</translation>
    </message>
    <message>
        <source>Waiting for the store — another ChatHub process is writing…</source>
        <translation>ストアを待っています — 別の ChatHub プロセスが書き込み中…</translation>
    </message>
</context>
<context>
    <name>NavRail</name>
    <message>
        <source>New assistant…</source>
        <translation>新しいアシスタント…</translation>
    </message>
    <message>
        <source>Edit assistant…</source>
        <translation>アシスタントを編集…</translation>
    </message>
    <message>
        <source>Chats</source>
        <translation>チャット</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>検索</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>The assistant&apos;s topics and the open chat; click again to show or hide the topics (Ctrl+B)</source>
        <translation>アシスタントのトピックと開いているチャット。もう一度クリックするとトピック一覧の表示・非表示を切り替えます（Ctrl+B）</translation>
    </message>
    <message>
        <source>The assistant&apos;s memory: fixed memory and the memory dream (Ctrl+M)</source>
        <translation>アシスタントのメモリ：固定メモリと記憶ドリーム（Ctrl+M）</translation>
    </message>
    <message>
        <source>Search every topic&apos;s messages (Ctrl+K)</source>
        <translation>すべてのトピックのメッセージを検索（Ctrl+K）</translation>
    </message>
    <message>
        <source>Providers, models and the System Agent (Ctrl+,)</source>
        <translation>プロバイダー、モデル、システムエージェント（Ctrl+,）</translation>
    </message>
    <message>
        <source>Navigation</source>
        <translation>ナビゲーション</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>メニュー</translation>
    </message>
    <message>
        <source>Import, topic, assistant, view and help; About and Quit</source>
        <translation>インポート、トピック、アシスタント、表示、ヘルプ、バージョン情報、終了</translation>
    </message>
    <message>
        <source>Menu: %1 (%2)</source>
        <translation>メニュー：%1（%2）</translation>
    </message>
    <message>
        <source>Show %1&apos;s topics</source>
        <translation>%1 のトピックを表示</translation>
    </message>
    <message>
        <source>Assistant: %1</source>
        <translation>アシスタント：%1</translation>
    </message>
    <message>
        <source>Assistant: none yet</source>
        <translation>アシスタント：まだありません</translation>
    </message>
    <message>
        <source>%1. Switch assistant, or create or edit one</source>
        <translation>%1。アシスタントを切り替え、または作成・編集します</translation>
    </message>
</context>
<context>
    <name>Notifications</name>
    <message>
        <source>The reply is ready.</source>
        <translation>返信ができました。</translation>
    </message>
    <message>
        <source>The reply failed: %1</source>
        <translation>返信に失敗しました：%1</translation>
    </message>
    <message>
        <source>The reply failed.</source>
        <translation>返信に失敗しました。</translation>
    </message>
    <message>
        <source>The reply ended early; what arrived is kept.</source>
        <translation>返信が途中で終わりました。届いた分は残ります。</translation>
    </message>
    <message>
        <source>Memory dream · %1</source>
        <translation>記憶ドリーム · %1</translation>
    </message>
    <message>
        <source>Memory dream</source>
        <translation>記憶ドリーム</translation>
    </message>
    <message>
        <source>yyyy-MM-dd</source>
        <translation>yyyy年M月d日</translation>
    </message>
    <message>
        <source>It added card%1 for %2.</source>
        <translation>%2 のカード%1を追加しました。</translation>
    </message>
    <message>
        <source>It rewrote card%1 for %2.</source>
        <translation>%2 のカード%1を書き直しました。</translation>
    </message>
    <message>
        <source>Nothing new to remember from %1.</source>
        <translation>%1 から新しく覚えることはありませんでした。</translation>
    </message>
    <message>
        <source>The dream for %1 failed: %2</source>
        <translation>%1 のドリームに失敗しました：%2</translation>
    </message>
</context>
<context>
    <name>SetupWizard</name>
    <message>
        <source>Welcome</source>
        <translation>ようこそ</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation>要約</translation>
    </message>
    <message>
        <source>History</source>
        <translation>履歴</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>ステップ %1/%2：%3</translation>
    </message>
    <message>
        <source>&lt;p&gt;ChatHub Desktop talks to language models with &lt;b&gt;your own API keys&lt;/b&gt;. Your conversations and what your assistants remember stay in a database on this computer; keys stay in the system keyring, in a file only you can read, or in environment variables.&lt;/p&gt;&lt;p&gt;Four short steps: a provider, an assistant, the model that writes summaries, and, if you like, your ChatGPT history. Skip any of them; &lt;b&gt;⋯ → Help → Setup…&lt;/b&gt; (bottom left) brings this back.&lt;/p&gt;</source>
        <translation>&lt;p&gt;ChatHub Desktop は&lt;b&gt;あなた自身の API キー&lt;/b&gt;で言語モデルと対話します。会話とアシスタントが覚えている内容はこのコンピューター上のデータベースに保存され、キーはシステムのキーリング、あなただけが読めるファイル、または環境変数に保存されます。&lt;/p&gt;&lt;p&gt;短い 4 つのステップ：プロバイダー、アシスタント、要約を書くモデル、そして必要なら ChatGPT の履歴です。どれも省略できます。&lt;b&gt;⋯ → ヘルプ → セットアップ…&lt;/b&gt;（左下）でいつでもここに戻れます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>An assistant named “%1” already exists — choose another name.</source>
        <translation>「%1」という名前のアシスタントはすでにあります。別の名前を付けてください。</translation>
    </message>
    <message>
        <source>where your models run, with your key</source>
        <translation>モデルを動かす場所とあなたのキー</translation>
    </message>
    <message>
        <source>a name, a model and instructions</source>
        <translation>名前、モデル、指示</translation>
    </message>
    <message>
        <source>the model that condenses long topics</source>
        <translation>長いトピックを要約するモデル</translation>
    </message>
    <message>
        <source>your ChatGPT chats and a memory file, if you like</source>
        <translation>ChatGPT のチャットとメモリファイル（任意）</translation>
    </message>
    <message>
        <source>No provider yet. Pick one below; its form opens filled in.</source>
        <translation>プロバイダーはまだありません。下から選ぶと、入力済みのフォームが開きます。</translation>
    </message>
    <message>
        <source>Provider presets</source>
        <translation>プロバイダーのプリセット</translation>
    </message>
    <message>
        <source>Fills in the kind and base URL; change anything in the form</source>
        <translation>種類とベース URL を入力します。フォームで自由に変更できます</translation>
    </message>
    <message>
        <source>A base URL you type</source>
        <translation>自分で入力するベース URL</translation>
    </message>
    <message>
        <source>Add a provider</source>
        <translation>プロバイダーを追加</translation>
    </message>
    <message>
        <source>A provider runs the models you chat with: OpenAI, Anthropic, OpenRouter, DeepSeek, or a local server such as Ollama.</source>
        <translation>プロバイダーは会話に使うモデルを動かします：OpenAI、Anthropic、OpenRouter、DeepSeek、または Ollama などのローカルサーバーです。</translation>
    </message>
    <message>
        <source>Configured providers</source>
        <translation>設定済みのプロバイダー</translation>
    </message>
    <message>
        <source>Your providers</source>
        <translation>あなたのプロバイダー</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>プリセット</translation>
    </message>
    <message>
        <source>&amp;Add provider…</source>
        <translation>プロバイダーを追加(&amp;A)…</translation>
    </message>
    <message>
        <source>Name, kind, base URL and where the key comes from, filled from the preset</source>
        <translation>名前、種類、ベース URL、キーの取得元をプリセットから入力します</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>接続テスト(&amp;T)</translation>
    </message>
    <message>
        <source>Ask the selected provider for its models with its key</source>
        <translation>選んだプロバイダーにキーを使ってモデル一覧を問い合わせます</translation>
    </message>
    <message>
        <source>%1 runs on your computer and needs no key; start it before Test connection.</source>
        <translation>%1 はこのコンピューターで動くのでキーは不要です。接続テストの前に起動してください。</translation>
    </message>
    <message>
        <source>Get a key at &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt;, then paste it in the form.</source>
        <translation>&lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; でキーを取得し、フォームに貼り付けてください。</translation>
    </message>
    <message>
        <source>Type your provider&apos;s base URL in the form; its documentation says where keys are made.</source>
        <translation>フォームにプロバイダーのベース URL を入力してください。キーの作り方はそのドキュメントにあります。</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>%1 にモデル一覧を問い合わせています…</translation>
    </message>
    <message>
        <source>Create an assistant</source>
        <translation>アシスタントを作成</translation>
    </message>
    <message>
        <source>An assistant has a model, instructions and its own memory. You can add more later.</source>
        <translation>アシスタントにはモデル、指示、専用のメモリがあります。あとで追加することもできます。</translation>
    </message>
    <message>
        <source>The tested provider&apos;s models come first; you may type any model id</source>
        <translation>テスト済みプロバイダーのモデルが先頭に並びます。任意のモデル ID も入力できます</translation>
    </message>
    <message>
        <source>Optional, e.g. “Answer briefly; use metric units.”</source>
        <translation>任意。例：「簡潔に答えて。メートル法を使って。」</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名前(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>プロバイダー(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>モデル(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Instructions:</source>
        <translation>指示(&amp;I)：</translation>
    </message>
    <message>
        <source>A smaller model is usually quicker and cheaper for summaries. The chat model works too, but when it is busy, summaries can fail.</source>
        <translation>要約には小さめのモデルのほうが速くて安価なことが多いです。チャット用のモデルも使えますが、混雑時には要約が失敗することがあります。</translation>
    </message>
    <message>
        <source>Choose the model that writes summaries</source>
        <translation>要約を書くモデルを選ぶ</translation>
    </message>
    <message>
        <source>The History Compress model summarizes long topics and writes memory dream cards. Settings → System Agent changes it later.</source>
        <translation>履歴圧縮モデルは長いトピックを要約し、記憶ドリームのカードを書きます。あとで 設定 → システムエージェント で変更できます。</translation>
    </message>
    <message>
        <source>The provider&apos;s own models come first; you may type any model id</source>
        <translation>プロバイダー自身のモデルが先頭に並びます。任意のモデル ID も入力できます</translation>
    </message>
    <message>
        <source>History Compress &amp;model:</source>
        <translation>履歴圧縮モデル(&amp;M)：</translation>
    </message>
    <message>
        <source>Bring your history (optional)</source>
        <translation>履歴を取り込む（任意）</translation>
    </message>
    <message>
        <source>Your earlier chats and an assistant&apos;s memory, if you have them.</source>
        <translation>以前のチャットとアシスタントのメモリ（あれば）。</translation>
    </message>
    <message>
        <source>ChatGPT → Settings → Data controls → Export data sends you a zip. Each conversation in it becomes a topic of your assistant; nothing is uploaded anywhere.</source>
        <translation>ChatGPT → 設定 → データコントロール → データをエクスポート で zip が届きます。その中の会話はそれぞれアシスタントのトピックになり、どこにもアップロードされません。</translation>
    </message>
    <message>
        <source>&amp;Import a ChatGPT export when the setup closes</source>
        <translation>セットアップ終了後に ChatGPT のエクスポートをインポート(&amp;I)</translation>
    </message>
    <message>
        <source>An assistant&apos;s memory exported from ChatHub (JSON or Markdown) can become this assistant&apos;s memory; you see what changes before it is written.</source>
        <translation>ChatHub から書き出したアシスタントのメモリ（JSON または Markdown）を、このアシスタントのメモリにできます。書き込む前に変更点を確認できます。</translation>
    </message>
    <message>
        <source>Import a &amp;memory file into the new assistant</source>
        <translation>新しいアシスタントにメモリファイルをインポート(&amp;M)</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>戻る</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>続ける</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>Skip setup</source>
        <translation>セットアップをスキップ</translation>
    </message>
    <message>
        <source>Set up ChatHub Desktop</source>
        <translation>ChatHub Desktop のセットアップ</translation>
    </message>
    <message>
        <source>Welcome to ChatHub Desktop</source>
        <translation>ChatHub Desktop へようこそ</translation>
    </message>
    <message>
        <source>Set up in about a minute.</source>
        <translation>1 分ほどでセットアップできます。</translation>
    </message>
    <message>
        <source>Close; ⋯ → Help → Setup… (bottom left) brings it back</source>
        <translation>閉じます。⋯ → ヘルプ → セットアップ…（左下）でまた開けます</translation>
    </message>
</context>
<context>
    <name>TokenBadge</name>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Estimated tokens of the next request&lt;/b&gt;: instructions, tools, memory, the topic summary, the history window and your draft, as Send will post them — anchored on the provider&apos;s own input count when this session sent the last reply — against the input budget (context window minus the reply reserve). Click for the breakdown.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;次のリクエストの推定トークン数&lt;/b&gt;：指示、ツール、メモリ、トピックの要約、履歴ウィンドウ、下書きを、送信時とまったく同じ形で数えたものです（このセッションが直前の返信を送った場合は、プロバイダー自身の入力数を基準にします）。入力予算（コンテキストウィンドウから返信用の予約を引いたもの）と比べます。クリックで内訳を表示します。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Token estimate</source>
        <translation>トークンの見積もり</translation>
    </message>
    <message>
        <source>No topic open</source>
        <translation>開いているトピックはありません</translation>
    </message>
    <message>
        <source>%1 of %2 input tokens (%3; context window %4)</source>
        <translation>入力トークン %1 / %2（%3、コンテキストウィンドウ %4）</translation>
    </message>
    <message>
        <source>Next request: %1</source>
        <translation>次のリクエスト：%1</translation>
    </message>
</context>
<context>
    <name>TopicList</name>
    <message>
        <source>Yesterday</source>
        <translation>昨日</translation>
    </message>
    <message>
        <source>d MMM</source>
        <translation>M月d日</translation>
    </message>
    <message>
        <source>A reply is being written</source>
        <translation>返信を書いています</translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s) · last active %1</source>
        <translation><numerusform>%Ln 件のメッセージ · 最終アクティブ %1</numerusform></translation>
    </message>
    <message>
        <source> · pinned</source>
        <translation> · ピン留め</translation>
    </message>
    <message>
        <source> · archived</source>
        <translation> · アーカイブ済み</translation>
    </message>
    <message>
        <source>Private: no memory is used here and the dream never reads it</source>
        <translation>プライベート：ここではメモリを使わず、ドリームも読みません</translation>
    </message>
</context>
<context>
    <name>Tray</name>
    <message>
        <source>Memory dream: %1</source>
        <translation>記憶ドリーム：%1</translation>
    </message>
    <message>
        <source>Could not change Pause dreams: %1</source>
        <translation>「ドリームを一時停止」を変更できませんでした：%1</translation>
    </message>
    <message>
        <source>Dreams paused: scheduled memory dreams do not run until you resume them</source>
        <translation>ドリームを一時停止しました：再開するまで予定の記憶ドリームは実行されません</translation>
    </message>
    <message>
        <source>Dreams resumed: scheduled memory dreams run again</source>
        <translation>ドリームを再開しました：予定の記憶ドリームがまた実行されます</translation>
    </message>
    <message>
        <source>A memory dream is already running</source>
        <translation>記憶ドリームはすでに実行中です</translation>
    </message>
    <message>
        <source>No memory dream is due</source>
        <translation>実行予定の記憶ドリームはありません</translation>
    </message>
    <message>
        <source>Memory dream running…</source>
        <translation>記憶ドリームを実行中…</translation>
    </message>
    <message>
        <source>Memory dream stopped; it is tried again later</source>
        <translation>記憶ドリームを止めました。あとでもう一度試します</translation>
    </message>
    <message>
        <source>No memory dream was due</source>
        <translation>実行予定の記憶ドリームはありませんでした</translation>
    </message>
    <message>
        <source>&amp;Open ChatHub</source>
        <translation>ChatHub を開く(&amp;O)</translation>
    </message>
    <message>
        <source>Show the ChatHub window</source>
        <translation>ChatHub のウィンドウを表示</translation>
    </message>
    <message>
        <source>&amp;Run due dreams now</source>
        <translation>予定のドリームを今すぐ実行(&amp;R)</translation>
    </message>
    <message>
        <source>Run every scheduled memory dream that is due now (also while paused)</source>
        <translation>今実行予定のすべての記憶ドリームを実行します（一時停止中でも）</translation>
    </message>
    <message>
        <source>&amp;Pause dreams</source>
        <translation>ドリームを一時停止(&amp;P)</translation>
    </message>
    <message>
        <source>While checked, scheduled memory dreams do not run (remembered across restarts); Dream now still works</source>
        <translation>チェック中は予定の記憶ドリームを実行しません（再起動後も保持）。「今すぐドリーム」は使えます</translation>
    </message>
    <message>
        <source>ChatHub keeps running here and memory dreams still run. Quit from this icon&apos;s menu or with Ctrl+Q.</source>
        <translation>ChatHub はここで動き続け、記憶ドリームも実行されます。終了するにはこのアイコンのメニューか Ctrl+Q を使います。</translation>
    </message>
    <message>
        <source>dreams paused</source>
        <translation>ドリーム一時停止中</translation>
    </message>
    <message>
        <source>dreaming…</source>
        <translation>ドリーム実行中…</translation>
    </message>
    <message>
        <source>memory dreams on schedule</source>
        <translation>記憶ドリームは予定どおり</translation>
    </message>
</context>
<context>
    <name>ViewMenu</name>
    <message>
        <source>Follow the &amp;system</source>
        <translation>システムに合わせる(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>ライト(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>ダーク(&amp;D)</translation>
    </message>
    <message>
        <source>Send with &amp;Enter</source>
        <translation>Enter で送信(&amp;E)</translation>
    </message>
    <message>
        <source>Enter sends the message, Shift+Enter makes a new line</source>
        <translation>Enter でメッセージを送信、Shift+Enter で改行</translation>
    </message>
    <message>
        <source>Send with &amp;Ctrl+Enter</source>
        <translation>Ctrl+Enter で送信(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+Enter sends the message, Enter makes a new line</source>
        <translation>Ctrl+Enter でメッセージを送信、Enter で改行</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>Text si&amp;ze</source>
        <translation>文字サイズ(&amp;Z)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>テーマ(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>システム(&amp;S)</translation>
    </message>
    <message>
        <source>The language of the window&apos;s text; what the model reads stays as it is</source>
        <translation>ウィンドウの表示言語。モデルが読む内容は変わりません</translation>
    </message>
    <message>
        <source>&amp;Larger</source>
        <translation>大きく(&amp;L)</translation>
    </message>
    <message>
        <source>Larger text in the conversation and the message box</source>
        <translation>会話と入力欄の文字を大きくします</translation>
    </message>
    <message>
        <source>&amp;Smaller</source>
        <translation>小さく(&amp;S)</translation>
    </message>
    <message>
        <source>Smaller text in the conversation and the message box</source>
        <translation>会話と入力欄の文字を小さくします</translation>
    </message>
    <message>
        <source>&amp;Default</source>
        <translation>標準(&amp;D)</translation>
    </message>
    <message>
        <source>The conversation at the window&apos;s text size</source>
        <translation>会話をウィンドウの文字サイズで表示します</translation>
    </message>
    <message>
        <source>Desktop &amp;notifications</source>
        <translation>デスクトップ通知(&amp;N)</translation>
    </message>
    <message>
        <source>Tell me when a reply finishes while the window is away, and what a scheduled memory dream did</source>
        <translation>ウィンドウを離れている間に返信が終わったときと、予定の記憶ドリームが何をしたかを知らせます</translation>
    </message>
    <message>
        <source>Show side&amp;bar</source>
        <translation>サイドバーを表示(&amp;B)</translation>
    </message>
    <message>
        <source>Show or hide the assistants and topics (%1; folds away by itself when the window is narrow)</source>
        <translation>アシスタントとトピックの表示・非表示（%1。ウィンドウが狭いと自動で折りたたみます）</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <source>&amp;Compact now</source>
        <translation>今すぐ圧縮(&amp;C)</translation>
    </message>
    <message>
        <source>Compacting…</source>
        <translation>圧縮中…</translation>
    </message>
    <message>
        <source>Chat history export…</source>
        <translation>チャット履歴のエクスポート…</translation>
    </message>
    <message>
        <source>Import conversations from a ChatGPT, Claude, Open WebUI or LibreChat export (the format is detected)</source>
        <translation>ChatGPT、Claude、Open WebUI、LibreChat のエクスポートから会話をインポートします（形式は自動判別）</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit ChatHub Desktop (a reply being written is kept as interrupted)</source>
        <translation>ChatHub Desktop を終了します（書きかけの返信は中断として残ります）</translation>
    </message>
    <message>
        <source>&amp;Providers…</source>
        <translation>プロバイダー(&amp;P)…</translation>
    </message>
    <message>
        <source>Settings: LLM providers and their API keys, models, the System Agent, tools, storage and appearance (Ctrl+,)</source>
        <translation>設定：LLM プロバイダーと API キー、モデル、システムエージェント、ツール、ストレージ、外観（Ctrl+,）</translation>
    </message>
    <message>
        <source>Back to chats</source>
        <translation>チャットに戻る</translation>
    </message>
    <message>
        <source>Leave Settings or Search for the chats (Esc)</source>
        <translation>設定や検索を離れてチャットに戻ります（Esc）</translation>
    </message>
    <message>
        <source>Open the menu</source>
        <translation>メニューを開く</translation>
    </message>
    <message>
        <source>The app menu: import, topic, assistant, view, help (%1)</source>
        <translation>アプリのメニュー：インポート、トピック、アシスタント、表示、ヘルプ（%1）</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>新規(&amp;N)…</translation>
    </message>
    <message>
        <source>Create an assistant (Alt+A, N)</source>
        <translation>アシスタントを作成（Alt+A, N）</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>編集(&amp;E)…</translation>
    </message>
    <message>
        <source>Edit the selected assistant&apos;s settings (Ctrl+E)</source>
        <translation>選択中のアシスタントの設定を編集（Ctrl+E）</translation>
    </message>
    <message>
        <source>&amp;Memory…</source>
        <translation>メモリ(&amp;M)…</translation>
    </message>
    <message>
        <source>The selected assistant&apos;s memory: switch, fixed memory and the memory dream (Ctrl+M)</source>
        <translation>選択中のアシスタントのメモリ：スイッチ、固定メモリ、記憶ドリーム（Ctrl+M）</translation>
    </message>
    <message>
        <source>&amp;About ChatHub Desktop</source>
        <translation>ChatHub Desktop について(&amp;A)</translation>
    </message>
    <message>
        <source>Version, data folder, database and where API keys are kept</source>
        <translation>バージョン、データフォルダー、データベース、API キーの保存場所</translation>
    </message>
    <message>
        <source>Open &amp;data folder</source>
        <translation>データフォルダーを開く(&amp;D)</translation>
    </message>
    <message>
        <source>Show the folder holding your data in the file manager</source>
        <translation>データのあるフォルダーをファイルマネージャーで表示</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>キーボードショートカット(&amp;K)</translation>
    </message>
    <message>
        <source>Every keyboard shortcut of the window (Ctrl+/)</source>
        <translation>ウィンドウのすべてのキーボードショートカット（Ctrl+/）</translation>
    </message>
    <message>
        <source>&amp;Setup…</source>
        <translation>セットアップ(&amp;S)…</translation>
    </message>
    <message>
        <source>The first-run setup: a provider, an assistant, your history</source>
        <translation>初回セットアップ：プロバイダー、アシスタント、チャット履歴</translation>
    </message>
    <message>
        <source>New &amp;topic</source>
        <translation>新しいトピック(&amp;T)</translation>
    </message>
    <message>
        <source>Start a new topic with this assistant (Ctrl+N)</source>
        <translation>このアシスタントと新しいトピックを始めます（Ctrl+N）</translation>
    </message>
    <message>
        <source>&amp;Rename topic</source>
        <translation>トピック名を変更(&amp;R)</translation>
    </message>
    <message>
        <source>Rename the selected topic (F2)</source>
        <translation>選択中のトピック名を変更（F2）</translation>
    </message>
    <message>
        <source>&amp;Delete topic</source>
        <translation>トピックを削除(&amp;D)</translation>
    </message>
    <message>
        <source>Delete the selected topic and its messages (Del)</source>
        <translation>選択中のトピックとそのメッセージを削除（Del）</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the reply being written, or the compaction running, in this topic (Esc)</source>
        <translation>このトピックで書かれている返信、または実行中の圧縮を止めます（Esc）</translation>
    </message>
    <message>
        <source>View topic &amp;summary…</source>
        <translation>トピックの要約を表示(&amp;S)…</translation>
    </message>
    <message>
        <source>The topic&apos;s rolling summary, its model, Copy / Export and the compaction debug log (Ctrl+Shift+S)</source>
        <translation>トピックのローリング要約、そのモデル、コピー / エクスポート、圧縮のデバッグログ（Ctrl+Shift+S）</translation>
    </message>
    <message>
        <source>System &amp;Agent…</source>
        <translation>システムエージェント(&amp;A)…</translation>
    </message>
    <message>
        <source>History Compress model, topic naming model and summary archives</source>
        <translation>履歴圧縮モデル、トピック命名モデル、要約アーカイブ</translation>
    </message>
    <message>
        <source>Summarize this topic&apos;s completed turns now with the History Compress model; messages stay (Ctrl+Shift+K)</source>
        <translation>このトピックの完了したターンを履歴圧縮モデルで今すぐ要約します。メッセージは残ります（Ctrl+Shift+K）</translation>
    </message>
    <message>
        <source>%1 export…</source>
        <translation>%1 のエクスポート…</translation>
    </message>
    <message>
        <source>Import conversations from a %1 export. %2</source>
        <translation>%1 のエクスポートから会話をインポートします。%2</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>メニュー</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>インポート(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Topic</source>
        <translation>トピック(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Assistant</source>
        <translation>アシスタント(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>設定(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
</context>
</TS>
