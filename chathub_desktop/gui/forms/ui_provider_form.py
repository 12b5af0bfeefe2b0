# generated from ui/provider_form.ui by pyside6-uic — do not edit; run python -m chathub_desktop.gui.form_compiler
# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'provider_form.ui'
##
## Created by: Qt User Interface Compiler
##
## WARNING! All changes made in this file will be lost when recompiling UI file!
################################################################################

from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox, QDialog,
    QDialogButtonBox, QFormLayout, QGridLayout, QGroupBox,
    QHBoxLayout, QLabel, QLineEdit, QRadioButton,
    QSizePolicy, QSpacerItem, QVBoxLayout, QWidget)

from chathub_desktop.gui.shell.help_button import FieldNote

class Ui_ProviderForm(object):
    def setupUi(self, ProviderForm):
        if not ProviderForm.objectName():
            ProviderForm.setObjectName(u"ProviderForm")
        ProviderForm.resize(520, 420)
        self.mainLayout = QVBoxLayout(ProviderForm)
        self.mainLayout.setObjectName(u"mainLayout")
        self.formLayout = QFormLayout()
        self.formLayout.setObjectName(u"formLayout")
        self.formLayout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.kindLabel = QLabel(ProviderForm)
        self.kindLabel.setObjectName(u"kindLabel")

        self.formLayout.setWidget(0, QFormLayout.ItemRole.LabelRole, self.kindLabel)

        self.kindRow = QHBoxLayout()
        self.kindRow.setObjectName(u"kindRow")
        self.kindCombo = QComboBox(ProviderForm)
        self.kindCombo.setObjectName(u"kindCombo")
        sizePolicy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        sizePolicy.setHorizontalStretch(1)
        sizePolicy.setVerticalStretch(0)
        sizePolicy.setHeightForWidth(self.kindCombo.sizePolicy().hasHeightForWidth())
        self.kindCombo.setSizePolicy(sizePolicy)

        self.kindRow.addWidget(self.kindCombo)


        self.formLayout.setLayout(0, QFormLayout.ItemRole.FieldRole, self.kindRow)

        self.nameLabel = QLabel(ProviderForm)
        self.nameLabel.setObjectName(u"nameLabel")

        self.formLayout.setWidget(2, QFormLayout.ItemRole.LabelRole, self.nameLabel)

        self.nameRow = QHBoxLayout()
        self.nameRow.setObjectName(u"nameRow")
        self.nameEdit = QLineEdit(ProviderForm)
        self.nameEdit.setObjectName(u"nameEdit")

        self.nameRow.addWidget(self.nameEdit)


        self.formLayout.setLayout(2, QFormLayout.ItemRole.FieldRole, self.nameRow)

        self.baseUrlLabel = QLabel(ProviderForm)
        self.baseUrlLabel.setObjectName(u"baseUrlLabel")

        self.formLayout.setWidget(4, QFormLayout.ItemRole.LabelRole, self.baseUrlLabel)

        self.baseUrlRow = QHBoxLayout()
        self.baseUrlRow.setObjectName(u"baseUrlRow")
        self.baseUrlEdit = QLineEdit(ProviderForm)
        self.baseUrlEdit.setObjectName(u"baseUrlEdit")

        self.baseUrlRow.addWidget(self.baseUrlEdit)


        self.formLayout.setLayout(4, QFormLayout.ItemRole.FieldRole, self.baseUrlRow)

        self.kindNote = FieldNote(ProviderForm)
        self.kindNote.setObjectName(u"kindNote")

        self.formLayout.setWidget(1, QFormLayout.ItemRole.FieldRole, self.kindNote)

        self.nameNote = FieldNote(ProviderForm)
        self.nameNote.setObjectName(u"nameNote")

        self.formLayout.setWidget(3, QFormLayout.ItemRole.FieldRole, self.nameNote)

        self.baseUrlNote = FieldNote(ProviderForm)
        self.baseUrlNote.setObjectName(u"baseUrlNote")

        self.formLayout.setWidget(5, QFormLayout.ItemRole.FieldRole, self.baseUrlNote)


        self.mainLayout.addLayout(self.formLayout)

        self.keyGroup = QGroupBox(ProviderForm)
        self.keyGroup.setObjectName(u"keyGroup")
        self.keyLayout = QGridLayout(self.keyGroup)
        self.keyLayout.setObjectName(u"keyLayout")
        self.keyringRadio = QRadioButton(self.keyGroup)
        self.keyringRadio.setObjectName(u"keyringRadio")

        self.keyLayout.addWidget(self.keyringRadio, 0, 0, 1, 1)

        self.keyEdit = QLineEdit(self.keyGroup)
        self.keyEdit.setObjectName(u"keyEdit")
        self.keyEdit.setEchoMode(QLineEdit.EchoMode.Password)

        self.keyLayout.addWidget(self.keyEdit, 0, 1, 1, 1)

        self.keyFileRadio = QRadioButton(self.keyGroup)
        self.keyFileRadio.setObjectName(u"keyFileRadio")

        self.keyLayout.addWidget(self.keyFileRadio, 1, 0, 1, 1)

        self.keyFileEdit = QLineEdit(self.keyGroup)
        self.keyFileEdit.setObjectName(u"keyFileEdit")
        self.keyFileEdit.setEchoMode(QLineEdit.EchoMode.Password)

        self.keyLayout.addWidget(self.keyFileEdit, 1, 1, 1, 1)

        self.envRadio = QRadioButton(self.keyGroup)
        self.envRadio.setObjectName(u"envRadio")

        self.keyLayout.addWidget(self.envRadio, 2, 0, 1, 1)

        self.envEdit = QLineEdit(self.keyGroup)
        self.envEdit.setObjectName(u"envEdit")

        self.keyLayout.addWidget(self.envEdit, 2, 1, 1, 1)

        self.noKeyRadio = QRadioButton(self.keyGroup)
        self.noKeyRadio.setObjectName(u"noKeyRadio")

        self.keyLayout.addWidget(self.noKeyRadio, 3, 0, 1, 2)

        self.keyNote = FieldNote(self.keyGroup)
        self.keyNote.setObjectName(u"keyNote")

        self.keyLayout.addWidget(self.keyNote, 5, 0, 1, 2)

        self.keyringWarning = QLabel(self.keyGroup)
        self.keyringWarning.setObjectName(u"keyringWarning")
        self.keyringWarning.setWordWrap(True)
        self.keyringWarning.setProperty(u"tone", u"warning")

        self.keyLayout.addWidget(self.keyringWarning, 4, 0, 1, 2)


        self.mainLayout.addWidget(self.keyGroup)

        self.errorLabel = QLabel(ProviderForm)
        self.errorLabel.setObjectName(u"errorLabel")
        self.errorLabel.setWordWrap(True)
        self.errorLabel.setProperty(u"tone", u"error")

        self.mainLayout.addWidget(self.errorLabel)

        self.verticalSpacer = QSpacerItem(20, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.mainLayout.addItem(self.verticalSpacer)

        self.buttonBox = QDialogButtonBox(ProviderForm)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Save)

        self.mainLayout.addWidget(self.buttonBox)

#if QT_CONFIG(shortcut)
        self.kindLabel.setBuddy(self.kindCombo)
        self.nameLabel.setBuddy(self.nameEdit)
        self.baseUrlLabel.setBuddy(self.baseUrlEdit)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.kindCombo, self.nameEdit)
        QWidget.setTabOrder(self.nameEdit, self.baseUrlEdit)
        QWidget.setTabOrder(self.baseUrlEdit, self.keyringRadio)
        QWidget.setTabOrder(self.keyringRadio, self.keyEdit)
        QWidget.setTabOrder(self.keyEdit, self.keyFileRadio)
        QWidget.setTabOrder(self.keyFileRadio, self.keyFileEdit)
        QWidget.setTabOrder(self.keyFileEdit, self.envRadio)
        QWidget.setTabOrder(self.envRadio, self.envEdit)
        QWidget.setTabOrder(self.envEdit, self.noKeyRadio)

        self.retranslateUi(ProviderForm)

        QMetaObject.connectSlotsByName(ProviderForm)
    # setupUi

    def retranslateUi(self, ProviderForm):
        ProviderForm.setWindowTitle(QCoreApplication.translate("ProviderForm", u"Add provider", None))
        self.kindLabel.setText(QCoreApplication.translate("ProviderForm", u"&Kind:", None))
#if QT_CONFIG(tooltip)
        self.kindCombo.setToolTip(QCoreApplication.translate("ProviderForm", u"The wire protocol this provider speaks", None))
#endif // QT_CONFIG(tooltip)
        self.nameLabel.setText(QCoreApplication.translate("ProviderForm", u"&Name:", None))
        self.nameEdit.setPlaceholderText(QCoreApplication.translate("ProviderForm", u"e.g. OpenAI, OpenRouter, Local Ollama", None))
        self.baseUrlLabel.setText(QCoreApplication.translate("ProviderForm", u"Base &URL:", None))
        self.baseUrlEdit.setPlaceholderText(QCoreApplication.translate("ProviderForm", u"https://\u2026/v1", None))
        self.kindNote.setText(QCoreApplication.translate("ProviderForm", u"Which API the provider speaks; most services and local servers are OpenAI-compatible.", None))
#if QT_CONFIG(tooltip)
        self.kindNote.setToolTip(QCoreApplication.translate("ProviderForm", u"<p>Which API the provider speaks. <b>OpenAI-compatible</b> covers OpenRouter, DeepSeek, Z.AI, Inception and local servers such as Ollama, LM Studio, vLLM and llama.cpp. <b>OpenAI Responses</b> is OpenAI's newer API; <b>Anthropic</b> speaks the Messages API.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.nameNote.setText(QCoreApplication.translate("ProviderForm", u"Your name for it: assistants refer to the provider by this name.", None))
#if QT_CONFIG(tooltip)
        self.nameNote.setToolTip(QCoreApplication.translate("ProviderForm", u"A unique name you choose. Assistants refer to the provider by it, and its API key is stored in the keyring under it.", None))
#endif // QT_CONFIG(tooltip)
        self.baseUrlNote.setText(QCoreApplication.translate("ProviderForm", u"The API's address, usually ending in /v1; filled in for the chosen kind.", None))
#if QT_CONFIG(tooltip)
        self.baseUrlNote.setToolTip(QCoreApplication.translate("ProviderForm", u"<p>The API's base address, usually ending in <code>/v1</code>. It is filled in for the chosen kind; change it for OpenRouter (<code>https://openrouter.ai/api/v1</code>), a proxy or a local server.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.keyGroup.setTitle(QCoreApplication.translate("ProviderForm", u"API key", None))
        self.keyringRadio.setText(QCoreApplication.translate("ProviderForm", u"Store in OS &keyring", None))
#if QT_CONFIG(tooltip)
        self.keyringRadio.setToolTip(QCoreApplication.translate("ProviderForm", u"The key is saved in your system's keyring (Secret Service, macOS Keychain, Windows Credential Manager), never in ChatHub's database or exports.", None))
#endif // QT_CONFIG(tooltip)
        self.keyEdit.setPlaceholderText(QCoreApplication.translate("ProviderForm", u"Paste the API key", None))
        self.keyFileRadio.setText(QCoreApplication.translate("ProviderForm", u"Store in a &file only you can read (not encrypted)", None))
#if QT_CONFIG(tooltip)
        self.keyFileRadio.setToolTip(QCoreApplication.translate("ProviderForm", u"<p>For computers without an OS keyring: the key pasted beside it is saved in <code>provider-keys.cfg</code> in ChatHub's data folder, a file only your user account can read (mode 0600). It is not encrypted: anyone who can read your files can read it. Never in the database, an export or a log.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.keyFileEdit.setPlaceholderText(QCoreApplication.translate("ProviderForm", u"Paste the API key", None))
        self.envRadio.setText(QCoreApplication.translate("ProviderForm", u"Read from &environment variable", None))
#if QT_CONFIG(tooltip)
        self.envRadio.setToolTip(QCoreApplication.translate("ProviderForm", u"ChatHub reads the key from this environment variable each time it sends.", None))
#endif // QT_CONFIG(tooltip)
        self.envEdit.setPlaceholderText(QCoreApplication.translate("ProviderForm", u"e.g. OPENAI_API_KEY", None))
        self.noKeyRadio.setText(QCoreApplication.translate("ProviderForm", u"No key (&local server)", None))
#if QT_CONFIG(tooltip)
        self.noKeyRadio.setToolTip(QCoreApplication.translate("ProviderForm", u"For local servers (Ollama, LM Studio, llama.cpp) that accept requests without a key.", None))
#endif // QT_CONFIG(tooltip)
        self.keyNote.setText(QCoreApplication.translate("ProviderForm", u"Keys never go into the database, an export or a log. When editing, leave the key empty to keep the stored one.", None))
#if QT_CONFIG(tooltip)
        self.keyNote.setToolTip(QCoreApplication.translate("ProviderForm", u"<p>Where ChatHub finds the API key. Keys are never written to the database, an export or a log. When editing, leave the key empty to keep the stored one.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.keyringWarning.setText("")
        self.errorLabel.setText("")
    # retranslateUi

